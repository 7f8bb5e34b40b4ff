import {
  ALL,
  CARD_PAGE_SIZE,
  cardsToShow,
  DEFAULT_FILTERS,
  depthBand,
  earlierCardsQuery,
  firstCard,
  filtersQuery,
  isFiltered,
  matchesFilters,
  MAX_CARDS_SHOWN,
  maxDepth,
  moreCardsQuery,
  normaliseFilters,
  skillBadgeClass,
  truncate,
} from 'core/dive-sites/filters';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CENTER, MIN_TARGET_PX, declutter, mapPosition, mapTarget, mapView, markerSize, parseCoordinates } from 'client/lib/dive-sites/map';
import { timeAgo } from 'client/lib/dive-sites/relative-time';

describe('depth band (SPEC section 9: the largest number in depthRange)', () => {
  it.each([
    ['5-18m', 18, 'medium'],
    ['3-10m', 10, 'shallow'],
    ['10.5m', 10.5, 'medium'],
    ['12-20 m', 20, 'medium'],
    ['15-40m', 40, 'deep'],
    ['30+ m', 30, 'deep'],
    ['20.1m', 20.1, 'deep'],
    ['1-5', 5, 'shallow'],
  ])('%s -> %d m -> %s', (range, depth, band) => {
    expect(maxDepth(range)).toBe(depth);
    expect(depthBand(range)).toBe(band);
  });

  it('has no band without a number', () => {
    expect(maxDepth('varies')).toBeNull();
    expect(depthBand('')).toBeNull();
    expect(depthBand(null)).toBeNull();
  });
});

describe('filters', () => {
  const site = { id: 7, region: 'Tasmania', skillLevel: 'Advanced', depthRange: '18-35m', kind: 'wall', access: 'both' };

  it("default to 'all' and then match everything", () => {
    expect(DEFAULT_FILTERS).toEqual({ search: '', region: ALL, skill: ALL, depth: ALL, kind: ALL, access: ALL, outlook: ALL, day: 'today' });
    expect(matchesFilters(site, DEFAULT_FILTERS, null)).toBe(true);
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
  });

  it('need an exact region and skill, the right depth band and a search match', () => {
    expect(matchesFilters(site, { ...DEFAULT_FILTERS, region: 'Tasmania' }, null)).toBe(true);
    expect(matchesFilters(site, { ...DEFAULT_FILTERS, region: 'tasmania' }, null)).toBe(false);
    expect(matchesFilters(site, { ...DEFAULT_FILTERS, skill: 'Intermediate' }, null)).toBe(false);
    expect(matchesFilters(site, { ...DEFAULT_FILTERS, depth: 'deep' }, null)).toBe(true);
    expect(matchesFilters(site, { ...DEFAULT_FILTERS, depth: 'medium' }, null)).toBe(false);
    expect(matchesFilters(site, { ...DEFAULT_FILTERS, search: 'x' }, new Set([7]))).toBe(true);
    expect(matchesFilters(site, { ...DEFAULT_FILTERS, search: 'x' }, new Set([8]))).toBe(false);
  });

  it('need the kind, and an access the site offers (a site reached either way is a shore and a boat dive)', () => {
    expect(matchesFilters(site, { ...DEFAULT_FILTERS, kind: 'wall' }, null)).toBe(true);
    expect(matchesFilters(site, { ...DEFAULT_FILTERS, kind: 'wreck' }, null)).toBe(false);
    expect(matchesFilters(site, { ...DEFAULT_FILTERS, access: 'shore' }, null)).toBe(true);
    expect(matchesFilters(site, { ...DEFAULT_FILTERS, access: 'boat' }, null)).toBe(true);
    expect(matchesFilters({ ...site, access: 'boat' }, { ...DEFAULT_FILTERS, access: 'shore' }, null)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, kind: 'wreck' })).toBe(true);
  });

  it('read from a query string, unknown values meaning all', () => {
    expect(normaliseFilters({ search: '  wreck ', region: 'Victoria', skill: 'Expert', depth: 'abyssal', kind: 'volcano', access: 'air' })).toEqual({
      search: 'wreck',
      region: 'Victoria',
      skill: ALL,
      depth: ALL,
      kind: ALL,
      access: ALL,
      outlook: ALL,
      day: 'today',
    });
    expect(normaliseFilters({ kind: 'cave-sinkhole', access: 'shore' })).toMatchObject({ kind: 'cave-sinkhole', access: 'shore' });
    expect(normaliseFilters({ search: ['a', 'b'] })).toEqual(DEFAULT_FILTERS);
  });

  it('write the query string of the exports', () => {
    expect(filtersQuery(DEFAULT_FILTERS, 'q')).toBe('');
    expect(filtersQuery({ search: 'sea lions', region: 'South Australia', skill: 'Beginner', depth: 'shallow', kind: 'reef', access: 'shore' }, 'q')).toBe(
      '?q=sea+lions&region=South+Australia&skill=Beginner&depth=shallow&kind=reef&access=shore',
    );
  });
});

describe('cards an address shows (issue 42, F5)', () => {
  it('caps `show` at MAX_CARDS_SHOWN, in whole pages', () => {
    expect(cardsToShow('48', 10_000)).toBe(48);
    expect(cardsToShow('25', 10_000)).toBe(2 * CARD_PAGE_SIZE);
    expect(cardsToShow('10000', 10_000)).toBe(MAX_CARDS_SHOWN);
    expect(cardsToShow('999999', 10_000)).toBe(MAX_CARDS_SHOWN);
    expect(cardsToShow('0', 10_000)).toBe(CARD_PAGE_SIZE);
  });

  it('starts a page at a whole number of pages within the list', () => {
    expect(firstCard('96', 10_000)).toBe(96);
    expect(firstCard('100', 10_000)).toBe(96);
    expect(firstCard('999999', 250)).toBe(240);
    expect(firstCard('abc', 250)).toBe(0);
    expect(firstCard(undefined, 0)).toBe(0);
  });

  it('links more cards on the page up to its most, then the next page, and back', () => {
    const query = new URLSearchParams('region=Tasmania');
    expect(moreCardsQuery(query, 0, CARD_PAGE_SIZE).toString()).toBe(`region=Tasmania&show=${2 * CARD_PAGE_SIZE}`);
    expect(moreCardsQuery(query, 0, MAX_CARDS_SHOWN).toString()).toBe(`region=Tasmania&from=${MAX_CARDS_SHOWN}&show=${MAX_CARDS_SHOWN}`);
    expect(moreCardsQuery(query, MAX_CARDS_SHOWN, CARD_PAGE_SIZE).toString()).toBe(`region=Tasmania&from=${MAX_CARDS_SHOWN}&show=${2 * CARD_PAGE_SIZE}`);
    expect(earlierCardsQuery(query, MAX_CARDS_SHOWN).toString()).toBe(`region=Tasmania&show=${MAX_CARDS_SHOWN}`);
    expect(earlierCardsQuery(query, 3 * MAX_CARDS_SHOWN).toString()).toBe(`region=Tasmania&from=${2 * MAX_CARDS_SHOWN}&show=${MAX_CARDS_SHOWN}`);
    expect(query.toString()).toBe('region=Tasmania');
  });
});

describe('card text (SPEC section 9: 120/100/80 characters)', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('short', 120)).toBe('short');
    expect(truncate('x'.repeat(120), 120)).toBe('x'.repeat(120));
    expect(truncate('x'.repeat(121), 120)).toBe(`${'x'.repeat(120)}...`);
    expect(truncate('a'.repeat(79) + ' b', 80)).toBe(`${'a'.repeat(79)}...`);
    expect(truncate(null, 80)).toBeNull();
  });

  it('cuts at a word, never inside one, and leaves no dangling comma (issue 47)', () => {
    const text = 'Sharks and rays cruise the wall at Osprey Reef, then the current turns';
    // 38 characters end inside 'Osprey': the cut falls before it.
    expect(truncate(text, 38)).toBe('Sharks and rays cruise the wall at...');
    // 46 characters end on the comma after 'Reef': the word stays, the comma goes.
    expect(truncate(text, 46)).toBe('Sharks and rays cruise the wall at Osprey Reef...');
    for (let max = 20; max < text.length; max++) {
      const cut = truncate(text, max).slice(0, -3);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(text.startsWith(cut) && /^[\s,]|^$/.test(text.slice(cut.length))).toBe(true);
    }
  });

  it('colours skill badges green, yellow, otherwise red', () => {
    expect(skillBadgeClass('Beginner')).toContain('green');
    expect(skillBadgeClass('Intermediate')).toContain('yellow');
    expect(skillBadgeClass('Advanced')).toContain('red');
    expect(skillBadgeClass('Expert')).toContain('red');
  });
});

describe('map', () => {
  it("fits the box of the sites a filter leaves (issue 47), keeps SPEC's recentre for a search, and the default view with no filter", () => {
    const sites = [
      { latitude: '-33.8', longitude: '151.3' },
      { latitude: '-34.1', longitude: '151.1' },
      { latitude: null, longitude: '150' },
    ];
    expect(mapTarget('', true, sites)).toEqual({
      bounds: [
        [-34.1, 151.1],
        [-33.8, 151.3],
      ],
    });
    // East of the antimeridian, one world east as the map draws it.
    expect(
      mapTarget('', true, [
        { latitude: '-17.5', longitude: '-149.8' },
        { latitude: '-17.8', longitude: '178' },
      ]),
    ).toEqual({
      bounds: [
        [-17.8, 178],
        [-17.5, 210.2],
      ],
    });
    expect(mapTarget('reef', true, sites)).toEqual(mapView('reef', sites));
    expect(mapTarget('', false, sites)).toEqual({ center: DEFAULT_CENTER, zoom: 3 });
    expect(mapTarget('', true, [])).toEqual({ center: DEFAULT_CENTER, zoom: 3 });
  });

  it.each([
    [2, 2, 3],
    [3, 2, 3],
    [4, 4, 6],
    [6, 8, 12],
    [8, 12, 18],
    [12, 20, 24],
    [18, 20, 24],
  ])('at zoom %d a marker is %d px (2 x max(1, zoom - 2), max 20), highlighted %d px (3 x, max 24)', (zoom, normal, highlighted) => {
    expect(markerSize(zoom, false)).toBe(normal);
    expect(markerSize(zoom, true)).toBe(highlighted);
  });

  it('centres on the mean of the matches: zoom 12 for one, 8 for several', () => {
    expect(mapView('rock', [{ latitude: '-28.6', longitude: '153.6' }])).toEqual({ center: [-28.6, 153.6], zoom: 12 });
    const several = mapView('rock', [
      { latitude: '-30', longitude: '150' },
      { latitude: '-32', longitude: '152' },
      { latitude: 'oops', longitude: '0' },
    ]);
    expect(several).toEqual({ center: [-31, 151], zoom: 8 });
  });

  it('draws sites east of the antimeridian beside Fiji, and centres across it sensibly', () => {
    // Fakarava, French Polynesia, and Taveuni, Fiji.
    expect(mapPosition({ latitude: '-16.5', longitude: '-145.5' })).toEqual([-16.5, 214.5]);
    expect(mapPosition({ latitude: '-16.8', longitude: '179.9' })).toEqual([-16.8, 179.9]);
    expect(mapPosition({ latitude: '-33.8', longitude: '151.3' })).toEqual([-33.8, 151.3]);
    const across = mapView('pass', [
      { latitude: '-17', longitude: '179' },
      { latitude: '-17', longitude: '-179' },
    ]);
    expect(across.center).toEqual([-17, 180]);
  });

  it('stays on Australia at zoom 3 without a search or without valid matches', () => {
    expect(mapView('', [{ latitude: '-28.6', longitude: '153.6' }])).toEqual({ center: DEFAULT_CENTER, zoom: 3 });
    expect(mapView('  ', [])).toEqual({ center: [-25, 134], zoom: 3 });
    expect(mapView('rock', [{ latitude: null, longitude: '153' }])).toEqual({ center: [-25, 134], zoom: 3 });
  });

  it('parses coordinates given as text and rejects what is not a position', () => {
    expect(parseCoordinates({ latitude: '-16.78410000', longitude: '179.91210000' })).toEqual([-16.7841, 179.9121]);
    expect(parseCoordinates({ latitude: 'abc', longitude: '1' })).toBeNull();
    expect(parseCoordinates({ latitude: '', longitude: '1' })).toBeNull();
    expect(parseCoordinates({ latitude: '95', longitude: '1' })).toBeNull();
    expect(parseCoordinates({ latitude: '1', longitude: '-181' })).toBeNull();
  });
});

describe('crowded marks (WCAG 2.2 target size)', () => {
  const seedSites = readdirSync(join(__dirname, '../../data/dive-sites')).flatMap(
    (file) => JSON.parse(readFileSync(join(__dirname, '../../data/dive-sites', file), 'utf8')) as { name: string; latitude: number; longitude: number }[],
  );
  /** Leaflet's Web Mercator pixel position at a zoom (256 px tiles). */
  const pixel = (site: { latitude: number; longitude: number }, zoom: number) => {
    const [lat, lng] = mapPosition(site)!;
    const scale = 256 * 2 ** zoom;
    const sin = Math.sin((lat * Math.PI) / 180);
    return { x: (scale * (lng + 180)) / 360, y: scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) };
  };
  const side = (count: number) => (count === 1 ? MIN_TARGET_PX : count < 10 ? 28 : 34);
  const overlapping = (groups: { x: number; y: number; count: number }[]) =>
    groups.flatMap((a, i) =>
      groups.slice(i + 1).filter((b) => Math.abs(a.x - b.x) < (side(a.count) + side(b.count)) / 2 && Math.abs(a.y - b.y) < (side(a.count) + side(b.count)) / 2),
    );

  it.each([3, 5, 8, 12, 18])('keeps every seed site, each once, with no two targets overlapping at zoom %i', (zoom) => {
    const groups = declutter(
      seedSites.map((site) => ({ ...pixel(site, zoom), count: 1, value: site.name })),
      side,
    );
    expect(overlapping(groups)).toEqual([]);
    expect(groups.flatMap((group) => group.values).sort()).toEqual(seedSites.map((site) => site.name).sort());
    expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(seedSites.length);
    // Each group is drawn where its first site is.
    for (const group of groups)
      expect(
        pixel(
          seedSites.find((site) => site.name === group.values[0])!,
          zoom,
        ),
      ).toEqual({ x: group.x, y: group.y });
  });

  it('draws sites apart alone, sites a few pixels apart as one, and merges again when a group grows onto another', () => {
    const at = (x: number, y: number, value: string, count = 1) => ({ x, y, count, value });
    expect(declutter([at(0, 0, 'a'), at(100, 0, 'b'), at(24, 0, 'c')], side).map((group) => group.values)).toEqual([['a'], ['b'], ['c']]);
    expect(declutter([at(0, 0, 'a'), at(5, 5, 'b')], side)).toEqual([{ x: 0, y: 0, count: 2, values: ['a', 'b'] }]);
    // 'a' and 'b' become a 28 px group, which then overlaps 'c' 25 px away.
    expect(declutter([at(0, 0, 'a'), at(-20, 0, 'b'), at(25, 0, 'c')], side)).toEqual([{ x: 0, y: 0, count: 3, values: ['a', 'b', 'c'] }]);
    // A cluster of 40 comes first and keeps its place.
    expect(declutter([at(0, 0, 'a'), at(10, 0, 'many', 40)], side)).toEqual([{ x: 10, y: 0, count: 41, values: ['many', 'a'] }]);
  });
});

describe('relative time of a rating', () => {
  const now = new Date('2030-06-15T12:00:00Z');
  it.each([
    ['2030-06-15T11:59:30Z', 'less than a minute ago'],
    ['2030-06-15T11:55:00Z', '5 minutes ago'],
    ['2030-06-15T11:00:00Z', '1 hour ago'],
    ['2030-06-12T12:00:00Z', '3 days ago'],
    ['2030-05-01T12:00:00Z', '1 month ago'],
    ['2028-06-01T12:00:00Z', '2 years ago'],
    ['2030-06-15T12:00:05Z', 'less than a minute ago'],
  ])('%s -> %s', (date, text) => {
    expect(timeAgo(date, now)).toBe(text);
  });
});
