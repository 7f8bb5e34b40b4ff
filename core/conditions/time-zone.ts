/**
 * The IANA zone a dive site's tides, sun and moon are shown in: its own local time, not the server's.
 * By region first (the regions of data/regions.json), then by position where a region spans zones
 * (Bougainville in Papua New Guinea, Pohnpei and Kosrae in Micronesia), and for a region this list does not
 * know, by position alone.
 */

const BY_REGION: Record<string, string> = {
  'Far North Queensland': 'Australia/Brisbane',
  'Coral Sea': 'Australia/Brisbane',
  'Townsville & Whitsundays': 'Australia/Brisbane',
  'Southern Great Barrier Reef': 'Australia/Brisbane',
  'South East Queensland': 'Australia/Brisbane',
  'Northern New South Wales': 'Australia/Sydney',
  'Sydney & Central New South Wales': 'Australia/Sydney',
  'South Coast New South Wales': 'Australia/Sydney',
  'Lord Howe Island': 'Australia/Lord_Howe',
  Victoria: 'Australia/Melbourne',
  Tasmania: 'Australia/Hobart',
  'South Australia': 'Australia/Adelaide',
  'Perth & Rottnest': 'Australia/Perth',
  'South West Western Australia': 'Australia/Perth',
  'Ningaloo & Coral Coast': 'Australia/Perth',
  'Houtman Abrolhos': 'Australia/Perth',
  'Kimberley & Rowley Shoals': 'Australia/Perth',
  'Northern Territory': 'Australia/Darwin',
  'Norfolk Island': 'Pacific/Norfolk',
  'Christmas Island': 'Indian/Christmas',
  'Cocos (Keeling) Islands': 'Indian/Cocos',
  Fiji: 'Pacific/Fiji',
  Vanuatu: 'Pacific/Efate',
  'Solomon Islands': 'Pacific/Guadalcanal',
  'Papua New Guinea': 'Pacific/Port_Moresby',
  'New Caledonia': 'Pacific/Noumea',
  Tonga: 'Pacific/Tongatapu',
  Samoa: 'Pacific/Apia',
  'Cook Islands': 'Pacific/Rarotonga',
  'French Polynesia': 'Pacific/Tahiti',
  Palau: 'Pacific/Palau',
  Micronesia: 'Pacific/Chuuk',
};

type Box = [zone: string, minLat: number, minLon: number, maxLat: number, maxLon: number];

/** Places inside a region whose clocks differ from the region's. */
const EXCEPTIONS: Record<string, Box[]> = {
  // The Autonomous Region of Bougainville keeps UTC+11, the rest of Papua New Guinea UTC+10.
  'Papua New Guinea': [['Pacific/Bougainville', -7.0, 154.0, -4.5, 156.5]],
  // Pohnpei and Kosrae keep UTC+11, Yap and Chuuk UTC+10.
  Micronesia: [['Pacific/Pohnpei', 0, 154.5, 10, 164]],
  // The Marquesas (UTC-9:30) and the Gambier Islands (UTC-9).
  'French Polynesia': [
    ['Pacific/Marquesas', -11, -141, -7, -138],
    ['Pacific/Gambier', -24, -136, -22, -134],
  ],
};

/** Australia by position, for a site in a region not listed: [zone, minLat, minLon, maxLat, maxLon], first wins. */
const AUSTRALIA: Box[] = [
  ['Australia/Lord_Howe', -32, 158.8, -31.3, 159.5],
  ['Australia/Perth', -36, 112, -13, 129],
  ['Australia/Darwin', -26, 129, -10, 138],
  ['Australia/Adelaide', -38.1, 129, -26, 141],
  ['Australia/Brisbane', -29.0, 138, -9, 154],
  ['Australia/Hobart', -44, 143.5, -39.6, 149],
  ['Australia/Melbourne', -39.6, 141, -34.0, 150.1],
  ['Australia/Sydney', -37.6, 141, -28.1, 154.5],
];

const inBox = (latitude: number, longitude: number, [, south, west, north, east]: Box) =>
  latitude >= south && latitude <= north && longitude >= west && longitude <= east;

/** The site's IANA zone (e.g. 'Australia/Adelaide', 'Pacific/Apia'). */
export function siteZone(region: string, latitude: number, longitude: number): string {
  const exception = (EXCEPTIONS[region] ?? []).find((box) => inBox(latitude, longitude, box));
  if (exception) return exception[0];
  const known = BY_REGION[region];
  if (known) return known;
  const australian = AUSTRALIA.find((box) => inBox(latitude, longitude, box));
  if (australian) return australian[0];
  // Elsewhere, the nautical zone of the longitude (Etc/GMT's sign is reversed: Etc/GMT-10 is UTC+10).
  const hours = Math.max(-12, Math.min(14, Math.round((((longitude + 540) % 360) - 180) / 15)));
  return hours === 0 ? 'Etc/UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}
