/**
 * A currency named in a free-text price: an ISO code (AUD, USD, NZD ...), a prefixed dollar (A$, AU$,
 * US$, NZ$) or a euro, pound or yen sign. A bare '$' names none.
 */
const NAMED_CURRENCY = /\b(AUD|USD|NZD|FJD|XPF|EUR|GBP|JPY|CAD|SGD|IDR|PGK|VUV|SBD|WST|TOP)\b|\b(A|AU|US|NZ|NZD|C|S)\$|[€£¥]/i;

/**
 * A review's price as shown to readers, with its currency said once: a price that names its own
 * currency ('$123 AUD', 'US$99') is shown as written, any other ('$1,449') is the site's currency, AUD.
 */
export function priceWithCurrency(price: string): string {
  const written = price.trim();
  return NAMED_CURRENCY.test(written) ? written : `${written} (AUD)`;
}
