/**
 * The sign-in page, told where to bring the shopper back to: `/login?redirect=%2Faccount`. Used
 * by the server (no session) and by the browser (a session that ran out while a form was open).
 */
export const loginPath = (here: string): string => `/login?${new URLSearchParams({ redirect: here })}`;
