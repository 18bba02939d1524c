import { useEffect, useState } from 'react';
import { DEFAULT_CURRENCY, useSearchParams } from '@casino/platform';
import { usePaymentMethods, useUserDetails, type PaymentMethod, type UserDetails } from '../api';
import { reconcileSelection, resolveMethodParam, type CashierMode } from '../methods';

export interface CashierMethods {
  user: ReturnType<typeof useUserDetails>;
  methods: ReturnType<typeof usePaymentMethods>;
  currency: string;
  /** Decimals of the player's currency (2 fiat, 8 crypto). */
  scale: number;
  selected: PaymentMethod | undefined;
  select: (name: string | null) => void;
}

export function currencyOf(details: UserDetails | undefined): { currency: string; scale: number } {
  return {
    currency: details?.userWallet?.currencyCode || details?.getUser?.currencyCode || DEFAULT_CURRENCY,
    scale: details?.userWallet?.decimals ?? 2,
  };
}

/**
 * The player's currency, the methods offered for it and the selection, which
 * starts from `?method=` and follows the hidden-method rule whenever the list
 * changes (SPEC section 4).
 */
export function useCashierMethods(mode: CashierMode): CashierMethods {
  const params = useSearchParams();
  const user = useUserDetails();
  const { currency, scale } = currencyOf(user.data);
  const methods = usePaymentMethods(user.data ? currency : undefined, user.data?.getUser?.countryCode, mode);
  const [name, setName] = useState<string | null>(null);
  const wanted = params.get('method');

  useEffect(() => {
    const list = methods.data;
    if (!list) return;
    const fromUrl = resolveMethodParam(list, wanted, mode);
    setName((current) => fromUrl ?? reconcileSelection(list, current, mode));
  }, [methods.data, wanted, mode]);

  const selected = name ? methods.data?.find((x) => x.name === name) : undefined;
  return { user, methods, currency, scale, selected, select: setName };
}
