/** The product's name in the dashboard frame (the real one and its loading skeleton). */
export const APP_NAME = 'CRM Sync';
