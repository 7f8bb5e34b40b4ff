import { priceWithCurrency } from 'core/price';

describe('a review price shown to readers', () => {
  it('says its currency once', () => {
    expect(priceWithCurrency('$123 AUD')).toBe('$123 AUD');
    expect(priceWithCurrency('AUD 899.95')).toBe('AUD 899.95');
    expect(priceWithCurrency(' US$99 ')).toBe('US$99');
    expect(priceWithCurrency('A$1,449')).toBe('A$1,449');
    expect(priceWithCurrency('€85')).toBe('€85');
    expect(priceWithCurrency('$1,449')).toBe('$1,449 (AUD)');
    expect(priceWithCurrency('from $299 (RRP)')).toBe('from $299 (RRP) (AUD)');
  });
});
