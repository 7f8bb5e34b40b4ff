/**
 * The image endpoint's path (src/images): outside /api, since pages point <img> at it, yet its refusals
 * are JSON like the API's. Kept here so the error filter needs nothing from the images module.
 */
export const IMAGE_ROUTE = '/img';
