/** Where the identity provider sends the shopper back to, with `assertion` and `state`. */
export const SSO_RETURN_PATH = '/login/sso/callback';
