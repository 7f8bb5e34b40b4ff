/** The default byline of articles and reviews (SPEC section 9: "default author is the team name"). */
export const TEAM_NAME = 'Australian Dive Guide Team';
