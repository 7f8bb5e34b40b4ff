import { offlineLand } from '../../scripts/offline-land.mjs';
import { degreesPerPixel, simplifyPolygon, type Rings } from 'client/lib/dive-sites/outline';
import { inSlices } from 'client/lib/slices';

/** Every polygon of the outline simplified, as the offline land draws them one by one. */
const simplifyOutline = (polygons: Rings[], tolerance: number) => polygons.map((rings) => simplifyPolygon(rings, tolerance));
const points = (polygons: Rings[]) => polygons.flat().reduce((sum, ring) => sum + ring.length, 0);

describe('the offline land outline, fitted to a zoom', () => {
  const polygons = offlineLand().geometry.coordinates as Rings[];

  it('is a small part of its points far out, and whole where each point is a pixel apart', () => {
    const atFirstZoom = simplifyOutline(polygons, degreesPerPixel(3));
    expect(points(atFirstZoom)).toBeLessThan(points(polygons) / 5);
    // Every island is still drawn, Australia's east coast among them.
    expect(atFirstZoom.length).toBe(polygons.length);
    expect(atFirstZoom.some((rings) => rings[0].some(([lon, lat]) => lon > 150 && lon < 154 && lat > -29 && lat < -28))).toBe(true);
    expect(points(simplifyOutline(polygons, degreesPerPixel(7)))).toBeGreaterThan(points(polygons) * 0.75);
  });

  it('keeps every ring closed and drawable, and an island smaller than the tolerance as the box around it', () => {
    for (const rings of simplifyOutline(polygons, degreesPerPixel(2))) {
      for (const ring of rings) {
        expect(ring.length).toBeGreaterThanOrEqual(4);
        expect(ring[ring.length - 1]).toEqual(ring[0]);
      }
    }
    const speck: [number, number][] = [
      [150, -30],
      [150.0005, -30.0002],
      [150.001, -30],
      [150.001, -30.001],
      [150.0004, -30.0012],
      [150, -30.001],
      [150, -30],
    ];
    expect(simplifyOutline([[speck]], 1)).toEqual([
      [
        [
          [150, -30.0012],
          [150.001, -30.0012],
          [150.001, -30],
          [150, -30],
          [150, -30.0012],
        ],
      ],
    ]);
    const coast: [number, number][] = [
      [150, -30],
      [150.5, -30.01],
      [151, -30],
      [151, -31],
      [150, -31],
      [150, -30],
    ];
    expect(simplifyOutline([[coast]], 0.1)).toEqual([
      [
        [
          [150, -30],
          [151, -30],
          [151, -31],
          [150, -31],
          [150, -30],
        ],
      ],
    ]);
  });
});

describe('work in slices', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('does nothing in the task that asks, then every step in order across tasks, then says it is done', () => {
    const done: number[] = [];
    let finished = false;
    // Each step takes 3 ms of the 4 ms slice: two steps a task.
    let clock = 0;
    jest.spyOn(performance, 'now').mockImplementation(() => clock);
    inSlices(
      5,
      (index) => {
        done.push(index);
        clock += 3;
      },
      () => (finished = true),
    );
    expect(done).toEqual([]);
    jest.advanceTimersToNextTimer();
    expect(done).toEqual([0, 1]);
    jest.advanceTimersToNextTimer();
    expect(done).toEqual([0, 1, 2, 3]);
    expect(finished).toBe(false);
    jest.advanceTimersToNextTimer();
    expect(done).toEqual([0, 1, 2, 3, 4]);
    expect(finished).toBe(true);
  });

  it('with a slice of 0 ms, runs each step in a task of its own, however quick (the map is made so)', () => {
    const done: number[] = [];
    jest.spyOn(performance, 'now').mockReturnValue(0);
    inSlices(3, (index) => done.push(index), undefined, 0);
    expect(done).toEqual([]);
    jest.advanceTimersToNextTimer();
    expect(done).toEqual([0]);
    jest.advanceTimersToNextTimer();
    expect(done).toEqual([0, 1]);
    jest.advanceTimersToNextTimer();
    expect(done).toEqual([0, 1, 2]);
  });

  it('stops what is left when asked', () => {
    const done: number[] = [];
    let clock = 0;
    jest.spyOn(performance, 'now').mockImplementation(() => clock);
    const stop = inSlices(4, (index) => {
      done.push(index);
      clock += 10;
    });
    jest.advanceTimersToNextTimer();
    stop();
    jest.runAllTimers();
    expect(done).toEqual([0]);
  });
});
