import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { productReviewReplySchema, productReviewSchema } from '@shop/contracts/orders';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { ReviewsService } from './reviews.service';

/** Writing a review (reading them is GET /api/reviews, in the products module). */
export async function reviewsRoutes(app: ZodApp, { reviews: service }: { reviews: ReviewsService }) {
  app.post(
    '/api/product-review',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['reviews'],
        summary:
          "Review a product of one of the caller's Delivered orders (rating 1-5, text): once per product per order; a repeat returns the first review",
        body: productReviewSchema,
        response: {
          200: productReviewReplySchema,
          401: errorReplySchema,
          404: errorReplySchema,
          422: z.union([validationErrorReplySchema, errorReplySchema]),
        },
      },
    },
    async (request) => {
      const { review, message } = await service.create(signedInUserId(request), request.body);
      return ok({ review }, message);
    },
  );
}
