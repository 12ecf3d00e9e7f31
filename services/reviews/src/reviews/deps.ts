/**
 * What the review use cases (add.ts, change.ts) and routes (http/reviews.ts) work with; `main.ts`
 * builds it once.
 */
import type { Model } from 'mongoose';
import type { ReviewSearch } from '../events/reviewProjection';
import type { ReadModels } from '../store/readModels';
import type { Nudge } from '../store/reviewWrites';
import type { ReviewDoc } from '../store/reviews';

export interface ReviewDeps {
  reviews: Model<ReviewDoc>;
  rm: ReadModels;
  nudge: Nudge;
  /** The reviews read model (`events/reviewProjection.ts`). */
  search: ReviewSearch;
}
