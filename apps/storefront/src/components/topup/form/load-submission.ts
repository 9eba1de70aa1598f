/** Loads the form's submission code once; calling it early (on focus) makes the submit itself quick. */
export const loadSubmission = () => import('./submission');
