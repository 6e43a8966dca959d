// The calls of "Your data" (issue 53 items 2-4): the date of birth once, the data download, the ledger's CSV and the
// account's deletion. The download and the deletion carry the password, typed again (decision 092).
import type { ApiErrorBody } from "../../../../contract";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { currentLanguage } from "../../../lib/i18n";

const schemas = () => import("../../../../contract");

export const saveDateOfBirth = (dateOfBirth: string) =>
  apiRequest("/api/users/date-of-birth", { method: "PUT", body: { dateOfBirth }, schema: async () => (await schemas()).NoContent });

export const deleteAccount = (password: string) =>
  apiRequest("/api/users/delete", { method: "POST", body: { password }, schema: async () => (await schemas()).NoContent });

/** A file from the server, as the answer's bytes and the name it gives; a refusal throws an ApiError as apiRequest does. */
async function fetchFile(path: string, password: string): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest", "Accept-Language": currentLanguage() },
      body: JSON.stringify({ password }),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "NETWORK", "Network request failed");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined;
    const error = body?.error;
    if (error) throw new ApiError(response.status, error.code, error.message, error.issues, error.values);
    throw new ApiError(response.status, response.status === 401 ? "UNAUTHENTICATED" : "INTERNAL", response.statusText);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "pennybid.txt";
  return { blob: await response.blob(), fileName };
}

/** Hands the file to the browser as a download. */
function saveFile({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export type DownloadKind = "json" | "csv";

export async function downloadMyData(kind: DownloadKind, password: string): Promise<void> {
  saveFile(await fetchFile(kind === "json" ? "/api/users/my-data" : "/api/users/my-data/ledger.csv", password));
}
