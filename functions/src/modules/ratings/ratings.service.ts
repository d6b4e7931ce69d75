/** NPS ratings: recorded by the conversation engine, read by the dashboard. */
export { getRating, getRatings, putRating, queryRatings, type RatingRecord } from './ratings.repository.ts';
