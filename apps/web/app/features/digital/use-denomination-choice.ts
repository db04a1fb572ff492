import type { DigitalOperator } from '@shop/contracts/digital';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OnlinePaymentOption } from '../../entities/order/payment-options';
import { useApi } from '../../lib/api-context';
import { digitalProductsQueryOptions } from './api/digital';

/**
 * What the pulsa and PLN pages share: the operator's denominations, the one chosen (only one in
 * stock counts), the payment method (the first online gateway until another is chosen) and the
 * message about the choice shown beside Buy.
 */
export function useDenominationChoice(operator: DigitalOperator, paymentOptions: readonly OnlinePaymentOption[]) {
  const api = useApi();
  const products = useQuery(digitalProductsQueryOptions(api, operator));
  const [productId, setProductId] = useState<number | null>(null);
  const [chosenMethod, setChosenMethod] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const list = products.data?.products;
  return {
    products,
    list,
    product: list?.find((p) => p.id === productId && p.in_stock) ?? null,
    method: paymentOptions.find((o) => o.value === chosenMethod)?.value ?? paymentOptions[0]?.value ?? null,
    setChosenMethod,
    choiceError,
    setChoiceError,
    choose: (id: number) => {
      setProductId(id);
      setChoiceError(null);
    },
  };
}

export type DenominationChoiceState = ReturnType<typeof useDenominationChoice>;
