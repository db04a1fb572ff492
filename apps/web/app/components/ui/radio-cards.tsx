import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

/** One choice of a RadioCards group: a logo image, or else an icon, before its label. */
export interface RadioCard {
  value: string;
  label: string;
  logo?: string | null;
  icon?: IconName;
}

/**
 * A radio group drawn as cards in two columns from sm, the chosen one highlighted; the legend is
 * for screen readers. `children` follow the cards inside the group (a field error).
 */
export function RadioCards({
  legend,
  name,
  cards,
  value,
  onChange,
  describedBy,
  className,
  children,
}: {
  legend: string;
  name: string;
  cards: readonly RadioCard[];
  value: string | null;
  onChange: (value: string) => void;
  describedBy?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className={className} aria-describedby={describedBy}>
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {cards.map((card) => (
          <label
            key={card.value}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-3 text-sm text-slate-800 transition has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:ring-2 has-focus-visible:ring-primary-300"
          >
            <input
              type="radio"
              name={name}
              value={card.value}
              checked={value === card.value}
              onChange={() => onChange(card.value)}
              className="size-4 shrink-0 accent-primary-700"
            />
            {card.logo ? (
              <img src={card.logo} alt="" width={40} height={24} className="h-6 w-10 shrink-0 object-contain" />
            ) : card.icon ? (
              <Icon name={card.icon} className="size-6 shrink-0 text-primary-700" />
            ) : null}
            <span className="font-medium">{card.label}</span>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
