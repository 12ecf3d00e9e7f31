/**
 * The reviews slice's messages (spec 000 and 001 sections 5 and 8), without zod: the web app's
 * pages import them without the schemas (initial JavaScript). `./reviews` re-exports
 * them beside its schemas.
 */
export const INVALID_NAME = 'Invalid name!';
export const INVALID_EMAIL = 'You have entered an invalid email address!';
export const MESSAGE_REQUIRED = 'Message is required';
export const REVIEW_REQUIRED = 'Please write your review';
export const STARS_RANGE = 'Please select a rating from 1 to 5 stars';
export const REPORT_REASON_REQUIRED = 'Please give a reason for the report';
