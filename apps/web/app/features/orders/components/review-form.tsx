import { TOAST } from '@shop/contracts/constants';
import type { OrderLine } from '@shop/contracts/orders';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { StarIcon } from '../../../components/ui/icons';
import { Stars } from '../../../components/ui/stars';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useProductReview } from '../api/orders';

/** The contract's REVIEW_MAX_LENGTH (a plain number here: the contract's values build schemas). */
export const REVIEW_MAX = 2000;

export interface ReviewFormProps {
  orderId: number;
  line: Pick<OrderLine, 'product_id' | 'name' | 'review'>;
}

/**
 * A product's review in the order details: the shopper's own stars and text when sent, else a
 * form (stars 1-5 as radio inputs, text, send).
 */
export function ReviewForm({ orderId, line }: ReviewFormProps) {
  const t = useT();
  const id = useId();
  const [rating, setRating] = useState(0);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; description?: string; form?: string }>({});
  const review = useProductReview();

  if (line.review) {
    return (
      <div className="flex flex-col gap-1 rounded-xl bg-slate-50 p-3" data-testid="own-review">
        <p className="text-xs font-semibold text-slate-600">{t('Your review')}</p>
        <Stars rating={line.review.rating} small />
        {line.review.description && (
          <p className="whitespace-pre-line break-words text-sm text-slate-700">{line.review.description}</p>
        )}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (rating < 1 || rating > 5) next.rating = t('Please choose a rating from 1 to 5 stars.');
    if (description.trim().length > REVIEW_MAX)
      next.description = t('The review may not be longer than {{max}} characters.', { max: REVIEW_MAX });
    setErrors(next);
    if (next.rating || next.description) return;
    review.mutate(
      { orderId, productId: line.product_id, rating, description: description.trim() },
      {
        onSuccess: (reply) =>
          toast.success(reply.message || t('Thank you for your review'), { autoClose: TOAST.successMs }),
        onError: (error) => {
          const fields = serverFieldErrors(error);
          const known = { rating: fields.rating, description: fields.description };
          const form =
            known.rating || known.description
              ? undefined
              : error instanceof ApiError
                ? error.message
                : t('Something went wrong. Please try again.');
          setErrors({ ...known, form });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3">
      <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="mb-1 text-sm font-semibold text-slate-800">{t('Rate {{name}}', { name: line.name })}</legend>
        <div className="flex items-center gap-1" dir="ltr">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-500"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
              />
              <span className="sr-only">{t('{{count}} of 5 stars', { count: value })}</span>
              <StarIcon className={`size-7 ${value <= rating ? 'text-amber-400' : 'text-slate-300'}`} />
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={`${id}-rating-error`} className="mt-1 text-xs text-rose-700">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-700">
          {t('Your review (optional)')}
        </label>
        <textarea
          id={`${id}-text`}
          rows={3}
          maxLength={REVIEW_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-text-error` : undefined}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/30"
        />
        {errors.description && (
          <p id={`${id}-text-error`} className="text-xs text-rose-700">
            {errors.description}
          </p>
        )}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-rose-700">
          {errors.form}
        </p>
      )}
      <div>
        <Button type="submit" size="sm" loading={review.isPending}>
          {t('Submit Review')}
        </Button>
      </div>
    </form>
  );
}
