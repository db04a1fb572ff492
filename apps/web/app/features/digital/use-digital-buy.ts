import type { DigitalOrderCreate } from '@shop/contracts/digital';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { serverFieldErrors } from '../../lib/form-errors';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useCreateDigitalOrder } from './api/digital';

export interface DigitalBuyOptions {
  signedIn: boolean;
  /** A visitor pressed Buy: the app's login dialog opens (as the cart does). */
  onLogin: () => void;
  /** A call answered 401: the session is gone. */
  onUnauthorized: () => void;
}

/**
 * Buy on a product page: a visitor is asked to log in; a shopper's order is made (one
 * Idempotency-Key until the server answers) and the payment page opens. The server's refusals go
 * under the number field (customer_number) or above Buy.
 */
export function useDigitalBuy({ signedIn, onLogin, onUnauthorized }: DigitalBuyOptions) {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateDigitalOrder();
  const [numberError, setNumberError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const buy = async (input: DigitalOrderCreate) => {
    setNumberError(null);
    setFormError(null);
    if (!signedIn) {
      onLogin();
      return;
    }
    try {
      const order = await create.mutateAsync(input);
      navigate(paths.digitalPayment(order.id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        onUnauthorized();
        return;
      }
      const fields = serverFieldErrors(error);
      if (fields.customer_number) setNumberError(fields.customer_number);
      const rest = Object.entries(fields)
        .filter(([field]) => field !== 'customer_number')
        .map(([, message]) => message);
      if (rest.length > 0) setFormError(rest.join(' '));
      else if (!fields.customer_number) {
        setFormError(error instanceof ApiError ? error.message : t('Something went wrong. Please try again.'));
      }
    }
  };

  return {
    buy,
    buying: create.isPending,
    numberError,
    formError,
    clearErrors: () => {
      setNumberError(null);
      setFormError(null);
    },
  };
}
