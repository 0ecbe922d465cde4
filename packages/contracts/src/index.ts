import { z } from 'zod';

// Validation messages in Korean on the client and the server alike.
z.config(z.locales.ko());

export * from './admin.js';
export * from './analytics.js';
export * from './auth.js';
export * from './cart.js';
export * from './catalogue.js';
export * from './common.js';
export * from './content.js';
export * from './dashboard.js';
export * from './delivery-terms.js';
export * from './orders.js';
// The Korean particle helper needs no zod; the server's messages use it too.
export * from './plain/text.js';
export * from './reviews.js';
export * from './shipping.js';
export * from './tenant.js';
export * from './users.js';
export * from './wallet.js';
