import type { TideRange } from './days';
import type { NoTideReason } from './station-choice';

/** Shown with every tide the site gives (issue 46). */
export const TIDE_NOTICE = 'Predicted tide; not for navigation';

/** A high or low water. */
export interface TideTurn {
  /** The instant, ISO 8601 in UTC. */
  time: string;
  /** The wall clock at the site, 'HH:mm' (24-hour). */
  localTime: string;
  type: 'high' | 'low';
  /** Metres above the station's datum (`datum`), to the centimetre. */
  height: number;
}

export interface SunAndMoon {
  /** Civil dawn and dusk (the sun 6 degrees below the horizon), sunrise and sunset, as the site's clock reads them ('HH:mm'), null when the sun does not rise or set that day. */
  dawn: string | null;
  sunrise: string | null;
  sunset: string | null;
  dusk: string | null;
  /** The moon's phase in words ('Waxing gibbous', 'Full moon'). */
  moonPhase: string;
  /** The lit part of the moon at the day's noon, 0 to 1. */
  moonIllumination: number;
}

export interface ConditionsDay {
  /** YYYY-MM-DD, the site's own date. */
  date: string;
  /** Spring or neap tides (from the moon's phase), or null. */
  tideRange: TideRange;
  /** The day's highs and lows, in order; absent when the site has no tide. */
  tides?: TideTurn[];
  sun: SunAndMoon;
}

export interface TideStationInfo {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  /** From the site, to the tenth of a km. */
  distanceKm: number;
  chosenBy: 'position' | 'administrator';
  /** What the heights are measured from ('LAT', 'MSL', ...). */
  datum: string;
  licence: { name: string; url: string };
  /** The station's full credit, as its database gives it. */
  attribution: string;
}

export interface SiteConditions {
  siteId: number;
  timeZone: string;
  from: string;
  days: ConditionsDay[];
  tidal: boolean;
  /** Why the site has no tide (when `tidal` is false). */
  reason?: NoTideReason;
  message?: string;
  station?: TideStationInfo;
  notice?: typeof TIDE_NOTICE;
  /** Where the predictions come from and under what terms. */
  credits: { name: string; licence: string; url: string }[];
}

/** The water's height through one day, for the curve: evenly spaced from the day's start to its end. */
export interface TideCurve {
  /** Heights in metres, first at 00:00, last at the next 00:00. */
  heights: number[];
  /** The day's length in hours (23 or 25 when daylight saving starts or ends). */
  hours: number;
}
