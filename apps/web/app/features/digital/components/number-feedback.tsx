import type { DigitalOperator } from '@shop/contracts/digital';
import type { ReactNode } from 'react';
import { OperatorLogo } from './operator-logo';

/** The detected operator inside the number field (its logo), or nothing. */
export function OperatorBadge({ operator }: { operator: DigitalOperator | null }) {
  if (!operator) return null;
  return (
    <span className="flex items-center pe-2" data-testid="detected-operator">
      <OperatorLogo operator={operator} className="h-7 w-24 ring-0" />
    </span>
  );
}

/**
 * The line under a number field: a problem (announced as an alert, the field marked invalid by
 * its id) or a note such as the operator found.
 */
export function NumberNote({ id, problem, note }: { id: string; problem: ReactNode; note: ReactNode }) {
  if (problem) {
    return (
      <div id={id} role="alert" className="mt-1.5 text-sm text-rose-700">
        {problem}
      </div>
    );
  }
  return (
    <div id={id} aria-live="polite" className="mt-1.5 min-h-5 text-sm text-slate-600">
      {note}
    </div>
  );
}
