import { type IntlShape, useIntl } from 'react-intl';

/**
 * The one place an amount of money is formatted for the screens (a drift test, money.test.ts,
 * refuses any other): SAR with exactly two decimals in both languages ("SAR 450.00"), since money
 * is SAR with at most two decimals (docs/domain.md, "Academies, users and roles").
 */
export const formatSar = (intl: Pick<IntlShape, 'formatNumber'>, sar: number) =>
  intl.formatNumber(sar, { style: 'currency', currency: 'SAR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** formatSar bound to the screen's language: `const money = useMoney(); money(450)`. */
export function useMoney() {
  const intl = useIntl();
  return (sar: number) => formatSar(intl, sar);
}
