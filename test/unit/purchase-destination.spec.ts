import { purchaseDestination } from 'core/outbound';

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
