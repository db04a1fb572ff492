/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'password';
export const DEMO_CUSTOMER = { email: 'customer@example.com', phone: '81234567890', phoneCode: '+62' } as const;
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
