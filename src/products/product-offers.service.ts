import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { offerKey, type CheckedOffer } from 'core/outbound';
import { ProductOffer } from './product-offer.entity';

/** Issue 47: the checked price of the page a purchase link leads to. */
@Injectable()
export class ProductOffersService {
  constructor(@InjectRepository(ProductOffer) private readonly offers: Repository<ProductOffer>) {}

  /** The offer recorded for the page `url` leads to (its affiliate tag aside), or null when none was checked. */
  async forLink(url: string): Promise<CheckedOffer | null> {
    return (await this.forLinks([url])).get(url) ?? null;
  }

  /** The offers recorded for the pages these links lead to, in one query, by link as given; a link with none is absent. */
  async forLinks(urls: string[]): Promise<Map<string, CheckedOffer>> {
    const keys = new Map(urls.map((url) => [url, offerKey(url)] as const).filter((entry): entry is readonly [string, string] => entry[1] !== null));
    const found = new Map<string, CheckedOffer>();
    if (keys.size === 0) return found;
    const offers = await this.offers.findBy({ link: In([...new Set(keys.values())]) });
    const byLink = new Map(offers.map((offer) => [offer.link, offer]));
    for (const [url, key] of keys) {
      const offer = byLink.get(key);
      if (offer) found.set(url, toCheckedOffer(offer));
    }
    return found;
  }
}

function toCheckedOffer(offer: ProductOffer): CheckedOffer {
  return { shop: offer.shop, price: offer.price === null ? null : Number(offer.price), currency: offer.currency, checkedOn: offer.checkedOn };
}
