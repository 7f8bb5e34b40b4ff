import { isValidElement } from 'react';
import type { Article } from 'src/articles/article.entity';
import { toArticleResponse } from 'src/articles/article.response';
import { presentArticle, presentArticleNotFound, presentBlogList } from 'src/blog/blog.presenter';
import { BlogListQuery } from 'src/blog/blog.query';
import type { CarouselVideo } from 'src/carousel/carousel-video.entity';
import { PageQueryPipe } from 'src/lists/page-query';
import { pageLinks } from 'src/lists/pagination';
import { presentGearReviews, presentReview, presentReviewNotFound } from 'src/gear-reviews/gear-reviews.presenter';
import { GearReviewsListQuery, searchTerm } from 'src/gear-reviews/gear-reviews.query';
import { latestItems, presentHome } from 'src/home/home.presenter';
import type { Product } from 'src/products/product.entity';
import type { Review } from 'src/reviews/review.entity';
import { toReviewResponse } from 'src/reviews/review.response';
import { presentSearch } from 'src/search/search.presenter';
import { SearchPageQuery, searchPageTerm } from 'src/search/search.query';

const address = { siteName: 'Test Dive Guide', absoluteUrl: (path: string) => `https://dive.example${path}` };
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

function article(n: number, overrides: Partial<Article> = {}): Article {
  return {
    id: n,
    title: `Article ${n}`,
    slug: `article-${n}`,
    excerpt: `Excerpt ${n}`,
    content: `Content of article ${n}.`,
    category: 'Safety',
    imageUrl: `/media/a${n}.jpg`,
    author: 'Editor',
    published: true,
    publishedAt: day(n),
    createdAt: day(n),
    updatedAt: day(n + 1),
    videoUrl: null,
    videoThumbnail: null,
    ...overrides,
  } as Article;
}

function review(n: number, overrides: Partial<Review> = {}): Review {
  return {
    ...article(n),
    title: `Review ${n}`,
    slug: `review-${n}`,
    category: 'Wetsuits',
    rating: '4.5',
    price: '199.00',
    purchaseLink: null,
    featured: false,
    ...overrides,
  } as unknown as Review;
}

const product = { id: 3, name: 'Fins', category: 'Masks & Fins', description: 'Light fins', price: '99.00', rating: '4.0', reviewCount: 2 } as Product;

describe('page query strings', () => {
  it('read ?page= as a number, and a page that is no whole number from 1 as the 404', () => {
    const pipe = new PageQueryPipe(BlogListQuery);
    expect(pipe.transform({ page: '2', category: 'Safety' })).toMatchObject({ page: '2', category: 'Safety' });
    for (const page of ['0', 'abc', '', ['2', '3']]) expect(() => pipe.transform({ page })).toThrow('Page not found');
  });

  it("drop a category that is not the list's, and ignore what they do not name", () => {
    expect({ ...new PageQueryPipe(BlogListQuery).transform({ category: 'Wetsuits', fbclid: 'x' }) }).toEqual({});
    expect({ ...new PageQueryPipe(GearReviewsListQuery).transform({ category: 'Wetsuits' }) }).toEqual({ category: 'Wetsuits' });
  });

  it('trim a search, and read a repeated one as none', () => {
    expect(searchTerm(new PageQueryPipe(GearReviewsListQuery).transform({ search: '  fins  ' }))).toBe('fins');
    expect(searchTerm(new PageQueryPipe(GearReviewsListQuery).transform({ search: ['a', 'b'] }))).toBeNull();
    expect(searchTerm(new PageQueryPipe(GearReviewsListQuery).transform({ search: '   ' }))).toBeNull();
    expect(searchPageTerm(new PageQueryPipe(SearchPageQuery).transform({ q: ['a', 'b'] }))).toBe('');
    expect(searchPageTerm(new PageQueryPipe(SearchPageQuery).transform({ q: ` ${'x'.repeat(300)}` }))).toHaveLength(200);
  });
});

describe('blog presenter', () => {
  it('titles a category page and its second page, and links the neighbours', () => {
    const links = pageLinks('/blog', { category: 'Safety' }, 2, 30);
    const view = presentBlogList({ articles: [article(1)], latest: article(9), category: 'Safety', links });
    expect(view.meta).toMatchObject({
      title: 'Safety Articles - Page 2',
      path: '/blog?category=Safety&page=2',
      previousPath: '/blog?category=Safety',
      nextPath: '/blog?category=Safety&page=3',
      image: '/media/a9.jpg',
    });
    expect(view.props.latest?.slug).toBe('article-9');
    expect(view.props.category).toBe('Safety');
  });

  it('gives an article its breadcrumbs and schema.org Article', () => {
    const data = { article: toArticleResponse(article(4)), bodyHtml: '<p>x</p>', comments: [], diveSiteVideo: null, readingMinutes: 1, related: [] };
    const view = presentArticle(data, address);
    expect(view.meta).toMatchObject({ title: 'Article 4', path: '/blog/article-4', type: 'article' });
    expect(view.props.breadcrumbs.map((crumb) => crumb.label)).toEqual(['Home', 'News', 'Article 4']);
    expect(view.meta.jsonLd?.[0]).toMatchObject({
      '@type': 'Article',
      image: ['https://dive.example/media/a4.jpg'],
      datePublished: '2026-01-04T00:00:00.000Z',
      dateModified: '2026-01-05T00:00:00.000Z',
      publisher: { name: 'Test Dive Guide' },
      mainEntityOfPage: 'https://dive.example/blog/article-4',
    });
  });

  it('keeps a missing article out of search engines', () => {
    expect(presentArticleNotFound('gone').meta).toMatchObject({ title: 'Article Not Found', path: '/blog/gone', noindex: true });
  });
});

describe('gear reviews presenter', () => {
  const links = pageLinks('/gear-reviews', { category: null, search: 'fins' }, 1, 1);

  it('keeps a search out of search engines, lists its products, and gives a hero without a photo a scene', () => {
    const hero = { id: 4, name: 'Fish Rock', region: 'New South Wales', imageUrl: null, blogSlug: 'fish-rock' };
    const view = presentGearReviews({ hero, latest: review(2), reviews: [review(2)], products: [product], category: null, search: 'fins', links });
    expect(view.meta).toMatchObject({ title: 'Scuba Gear Reviews - Honest Reviews Tested in Australia', path: '/gear-reviews', noindex: true });
    expect(view.props.hero).toEqual({ name: 'Fish Rock', region: 'New South Wales', imageUrl: '/media/scene-wreck.svg', href: '/blog/fish-rock' });
    // A product with no checked offer at its link (issue 47): its button searches the shop.
    expect(view.props.products).toEqual([{ ...product, offer: null }]);
    expect(view.props.search).toBe('fins');
  });

  it('titles a category', () => {
    const view = presentGearReviews({ hero: null, latest: null, reviews: [], products: [], category: 'Wetsuits', search: null, links });
    expect(view.meta.title).toBe('Wetsuits Reviews - Honest Scuba Gear Reviews');
    expect(view.meta.noindex).toBe(false);
  });

  it('gives a review its breadcrumbs and falls back to a description of its own', () => {
    const view = presentReview({ review: toReviewResponse(review(5, { excerpt: '', content: '' })), bodyHtml: null, now: day(20) }, address);
    expect(view.meta).toMatchObject({
      title: 'Review 5 - Expert Gear Review',
      path: '/gear-reviews/review-5',
      description: 'An honest, expert scuba gear review tested in Australian water.',
    });
    expect(view.props.breadcrumbs.map((crumb) => crumb.href)).toEqual(['/', '/gear-reviews', '/gear-reviews/review-5']);
    expect(view.props.bodyHtml).toBeNull();
    expect(presentReviewNotFound('gone').meta).toMatchObject({ path: '/gear-reviews/gone', noindex: true });
  });
});

describe('home presenter', () => {
  it('mixes the newest three of articles and reviews, newest first', () => {
    const latest = latestItems([article(1), article(5), article(3)], [review(4), review(2), review(6)]);
    expect(latest.map((item) => item.href)).toEqual(['/gear-reviews/review-6', '/blog/article-5', '/gear-reviews/review-4']);
    expect(latest[0]).toMatchObject({ kind: 'Review', rating: '4.5', date: expect.any(String) });
    expect(latest[1]).not.toHaveProperty('rating');
  });

  it('describes the site as a WebSite and renders the sign-up island', () => {
    const view = presentHome({ articles: [], reviews: [], slides: [] as CarouselVideo[] }, address);
    expect(view.meta.jsonLd).toEqual([{ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Test Dive Guide', url: 'https://dive.example/' }]);
    expect(isValidElement(view.props.newsletter)).toBe(true);
  });
});

describe('search presenter', () => {
  it('titles the page with the term, and keeps it out of search engines', () => {
    const counts = { article: 0, 'dive-site': 0, product: 0, review: 0 };
    expect(presentSearch({ term: 'wreck', results: [], counts }).meta).toMatchObject({ title: 'Search results for "wreck"', path: '/search', noindex: true });
    expect(presentSearch({ term: '', results: [], counts }).meta.title).toBe('Search');
  });
});
