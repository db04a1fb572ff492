import type { DigitalOperator } from '@shop/contracts/digital';
import { OPERATOR_LOGO, OPERATOR_NAME } from '../digital-rules';

/** An operator's wordmark; its name is the image's text. */
export function OperatorLogo({ operator, className = 'h-8 w-30' }: { operator: DigitalOperator; className?: string }) {
  return (
    <img
      src={OPERATOR_LOGO[operator]}
      alt={OPERATOR_NAME[operator]}
      width={120}
      height={32}
      className={`shrink-0 rounded-md object-contain ring-1 ring-slate-200 ${className}`}
    />
  );
}
