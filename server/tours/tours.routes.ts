// PUT /api/users/tour-progress and GET /api/users/tour-progress/{id} (SPEC.md §7), for signed-in users only.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { TourProgress, TourProgressParams } from "../../contract";
import { refuseSignedOut, signedInUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { errorAnswers } from "../http/errors";
import { getTourProgress, saveTourProgress } from "./tours.service";

export async function toursRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  app.addHook("preHandler", refuseSignedOut);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/users/tour-progress/:id",
    { schema: { params: TourProgressParams, response: { 200: TourProgress, ...errorAnswers } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getTourProgress(options.db, signedInUser(request).id, request.params.id);
    },
  );

  r.put("/api/users/tour-progress", { schema: { body: TourProgress, response: { 200: TourProgress, ...errorAnswers } } }, async (request) =>
    saveTourProgress(options.db, signedInUser(request).id, request.body),
  );
}
