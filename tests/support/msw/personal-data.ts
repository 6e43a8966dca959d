// The bidder's own data: deleting the account.
import { HttpResponse, http } from "msw";

/** POST /api/users/delete: done (204), unless `answer` refuses. */
export const deleteAccount = (answer?: () => Response) =>
  http.post("/api/users/delete", () => answer?.() ?? new HttpResponse(null, { status: 204 }));
