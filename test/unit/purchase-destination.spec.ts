import { formatCheckedDay, formatOfferPrice, offerKey, purchaseDestination, purchaseLabel, type CheckedOffer } from 'core/outbound';
import { seedOffer } from 'src/database/seed-offers';

describe('purchaseDestination (issue 47: the button names the shop, and says when it is a search)', () => {
  it("names Amazon Australia's search as a search, with the affiliate tag still a placeholder", () => {
    expect(purchaseDestination('https://www.amazon.com.au/s?k=Apeks+XTX50+Regulator&tag={{AFFILIATE_TAG}}')).toEqual({
      shop: 'Amazon Australia',
      search: true,
    });
  });

  it("names a product's own page as the shop's, not a search", () => {
    expect(purchaseDestination('https://www.amazon.com.au/dp/B0D1234567?tag=x')).toEqual({ shop: 'Amazon Australia', search: false });
    expect(purchaseDestination('https://shop.example.com.au/products/fins')).toEqual({ shop: 'shop.example.com.au', search: false });
    expect(purchaseDestination('https://shop.example.com.au/search?q=fins')).toEqual({ shop: 'shop.example.com.au', search: true });
  });

  it('names nothing for a link that is not a URL', () => {
    expect(purchaseDestination('not a link')).toBeNull();
  });
});

describe('purchaseLabel (issue 47: the button names the shop, and the price checked with its day)', () => {
  const offer: CheckedOffer = { shop: 'Reef Supply Co', price: 1449, currency: 'AUD', checkedOn: '2026-11-28' };

  it('says the checked price, the shop and the day for the product page it was checked on', () => {
    expect(purchaseLabel('https://shop.example.com.au/products/peregrine-tx', offer)).toBe('A$1,449 at Reef Supply Co, checked 28 Nov 2026');
    expect(purchaseLabel('https://shop.example.com.au/products/sea-drops', { ...offer, price: 14.95 })).toBe('A$14.95 at Reef Supply Co, checked 28 Nov 2026');
  });

  it('names the shop and the day, and no price, when the checked page showed none', () => {
    expect(purchaseLabel('https://shop.example.com.au/products/peregrine-tx', { ...offer, price: null })).toBe('at Reef Supply Co, checked 28 Nov 2026');
  });

  it("says 'Search at {shop}' for a shop's search, whatever was checked", () => {
    const search = 'https://www.amazon.com.au/s?k=Shearwater+Peregrine+TX&tag={{AFFILIATE_TAG}}';
    expect(purchaseLabel(search, null)).toBe('Search at Amazon Australia');
    expect(purchaseLabel(search, offer)).toBe('Search at Amazon Australia');
  });

  it('names only the shop for a product page never checked, and nothing for a link that is not an address', () => {
    expect(purchaseLabel('https://www.amazon.com.au/dp/B0D1234567?tag=x', null)).toBe('at Amazon Australia');
    expect(purchaseLabel('not a link', offer)).toBeNull();
  });

  it('writes other currencies by their own prefix or code, and a day the same in every time zone', () => {
    expect(formatOfferPrice(749, 'NZD')).toBe('NZ$749');
    expect(formatOfferPrice(1099.5, 'FJD')).toBe('FJD 1,099.50');
    expect(formatCheckedDay('2026-01-01')).toBe('1 Jan 2026');
  });
});

describe('offerKey (issue 47: a checked page is found whatever affiliate tag its link carries)', () => {
  it('is the same page with or without the tag, www. or a trailing slash', () => {
    const key = offerKey('https://www.amazon.com.au/dp/B0D1234567/');
    expect(offerKey('https://amazon.com.au/dp/B0D1234567?tag={{AFFILIATE_TAG}}')).toBe(key);
    expect(offerKey('https://www.amazon.com.au/dp/B0D1234567?tag=reef-22&ref_=x')).toBe(key);
  });

  it('keeps the parameters that name the page, and tells two products apart', () => {
    expect(offerKey('https://shop.example.com.au/index.php?route=product&product_id=12')).not.toBe(
      offerKey('https://shop.example.com.au/index.php?route=product&product_id=13'),
    );
    expect(offerKey('mailto:shop@example.com')).toBeNull();
  });
});

describe('seedOffer (issue 47: only an offer that can be shown honestly is loaded)', () => {
  const row = {
    product: 'Shearwater Peregrine TX',
    shop: 'Reef Supply Co',
    url: 'https://shop.example.com.au/products/peregrine-tx',
    price: 1449,
    checkedOn: '2026-11-28',
    source: 'https://shop.example.com.au/products/peregrine-tx',
  };

  it('loads a product page with its price, day and source, in AUD unless it says otherwise', () => {
    expect(seedOffer(row)).toEqual({ ...row, link: 'shop.example.com.au/products/peregrine-tx', currency: 'AUD' });
    expect(seedOffer({ ...row, price: null })?.price).toBeNull();
  });

  it("refuses a shop's search, a missing source or day, and a price that is no positive number", () => {
    expect(seedOffer({ ...row, url: 'https://shop.example.com.au/search?q=peregrine' })).toBeNull();
    expect(seedOffer({ ...row, source: '' })).toBeNull();
    expect(seedOffer({ ...row, checkedOn: '28 Nov 2026' })).toBeNull();
    expect(seedOffer({ ...row, price: 0 })).toBeNull();
    expect(seedOffer({ ...row, price: 'call us' })).toBeNull();
  });
});
