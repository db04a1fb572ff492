import type { DigitalOperator } from '@shop/contracts/digital';
import { OPERATOR_LOGOS, OPERATOR_NAMES } from '@shop/contracts/digital-operators';

/** An operator's wordmark; its name is the image's text. */
export function OperatorLogo({ operator, className = 'h-8 w-30' }: { operator: DigitalOperator; className?: string }) {
  return (
    <img
      src={OPERATOR_LOGOS[operator]}
      alt={OPERATOR_NAMES[operator]}
      width={120}
      height={32}
      className={`shrink-0 rounded-md object-contain ring-1 ring-slate-200 ${className}`}
    />
  );
}
