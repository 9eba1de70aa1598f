/** A well-formed e-mail address, as the forms check it before sending (the API checks it again). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
