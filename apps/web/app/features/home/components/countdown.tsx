import { useT } from '../../../lib/i18n';
import { type CountdownParts, pad2 } from '../utils/countdown';

/** Days, hours, minutes and seconds in boxes; announced as one sentence, not every tick. */
export function Countdown({
  parts,
  label,
  tone,
}: {
  parts: CountdownParts;
  label: string;
  tone: 'running' | 'incoming';
}) {
  const t = useT();
  const units = [
    { value: parts.days, name: t('Days') },
    { value: parts.hours, name: t('Hours') },
    { value: parts.minutes, name: t('Minutes') },
    { value: parts.seconds, name: t('Seconds') },
  ];
  const spoken = t('{{label}} {{days}} days {{hours}} hours {{minutes}} minutes', {
    label,
    days: parts.days,
    hours: parts.hours,
    minutes: parts.minutes,
  });
  const box = tone === 'running' ? 'bg-rose-700 text-white' : 'bg-indigo-600 text-white';
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm font-medium text-slate-600">{label}</span>
      {/* role=timer is polite-off by default: screen readers read it on demand, not every second. */}
      <div role="timer" aria-label={spoken} className="flex items-center gap-1">
        {units.map((unit, index) => (
          <span key={unit.name} className="flex items-center gap-1">
            {index > 0 && (
              <span className="font-bold text-slate-400" aria-hidden="true">
                :
              </span>
            )}
            <span
              className={`flex min-w-8 flex-col items-center rounded-md px-1.5 py-0.5 tabular-nums leading-none ${box}`}
              title={unit.name}
            >
              <span className="text-sm font-bold">{pad2(unit.value)}</span>
              <span className="mt-0.5 text-[9px] font-medium uppercase tracking-wide" aria-hidden="true">
                {unit.name}
              </span>
            </span>
          </span>
        ))}
      </div>
    </div>
  );
}
