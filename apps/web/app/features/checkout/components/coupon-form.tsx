import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldInputClass } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';

export interface CouponResult {
  applied: boolean;
  /** The server's own words: "Coupon applied" or "Coupon not applied". */
  message: string;
}

export interface CouponFormProps {
  /** The code the preview applies now, if any. */
  appliedCode: string | null;
  /** Previews with the code; resolves with whether it gave a discount and the server's message. */
  onApply: (code: string) => Promise<CouponResult>;
  onRemove: () => void;
}

/**
 * The coupon-code box of checkout (apply and remove). A code is kept only
 * when the server applied it; the server's message says which way it went.
 */
export function CouponForm({ appliedCode, onApply, onRemove }: CouponFormProps) {
  const t = useT();
  const inputId = useId();
  const [code, setCode] = useState(appliedCode ?? '');
  const [result, setResult] = useState<CouponResult | null>(null);
  const [pending, setPending] = useState(false);

  // A code cleared elsewhere (an order placed, a logout) empties the box too.
  useEffect(() => {
    if (appliedCode === null) setCode((current) => (result?.applied ? '' : current));
  }, [appliedCode, result?.applied]);

  const apply = async () => {
    const trimmed = code.trim();
    if (!trimmed || pending) return;
    setPending(true);
    try {
      setResult(await onApply(trimmed));
    } catch (error) {
      setResult({
        applied: false,
        message: error instanceof Error && error.message ? error.message : t('Coupon not applied'),
      });
    } finally {
      setPending(false);
    }
  };

  const remove = () => {
    setCode('');
    setResult(null);
    onRemove();
  };

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {t('Coupon Code')}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          readOnly={appliedCode !== null}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('Enter coupon code')}
          aria-describedby={result ? `${inputId}-result` : undefined}
          className={`${fieldInputClass} min-w-0 flex-1 read-only:bg-slate-50`}
        />
        {appliedCode !== null ? (
          <Button variant="outline" onClick={remove}>
            {t('Remove')}
          </Button>
        ) : (
          <Button type="submit" loading={pending} disabled={!code.trim()}>
            {t('Apply')}
          </Button>
        )}
      </div>
      <p
        id={`${inputId}-result`}
        role="status"
        className={`min-h-5 text-sm ${result?.applied ? 'text-primary-700' : 'text-rose-600'}`}
        data-testid="coupon-result"
      >
        {result?.message ?? ''}
      </p>
    </form>
  );
}
