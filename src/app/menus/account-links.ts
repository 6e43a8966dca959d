// What the account menus share: the return address a sign-in or profile link carries, and the avatar's initials.
import { useLocation } from "react-router-dom";
import type { AuthenticatedUser } from "../../../contract";
import { RETURN_URL_PARAM } from "../../features/auth/components/protected-route";

export function useReturnUrlSearch(): string {
  const location = useLocation();
  const here = location.pathname + location.search;
  return `?${new URLSearchParams({ [RETURN_URL_PARAM]: here }).toString()}`;
}

export function initialsOf(user: Pick<AuthenticatedUser, "firstName" | "lastName">): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
}
