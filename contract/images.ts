// Refusals of an image an operator uploads (decision 062): each its own code, so the back office can say which rule
// the picture broke. No schemas here: the error codes' list (contract/errors.ts) is on every page's first download.

/** The most an uploaded image may weigh, in MB (the back office checks it before sending, the server again). */
export const MAX_IMAGE_MEGABYTES = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MEGABYTES * 1024 * 1024;

/** Refusals of an uploaded image, each saying why; nothing of the auction is saved. */
export const imageErrorMessages = {
  IMAGE_TYPE: "Images must be PNG, JPEG, WebP, GIF or SVG.",
  IMAGE_TOO_LARGE: "An image may be at most {{maxMegabytes}} MB.",
  IMAGE_UNKNOWN: "There is no such picture: choose one of the product pictures or upload one.",
  IMAGE_UNREADABLE:
    "The image could not be opened, or it is larger than {{maxMegapixels}} megapixels: upload a PNG, JPEG or WebP picture that opens on your device.",
} as const;
export type ImageErrorCode = keyof typeof imageErrorMessages;
