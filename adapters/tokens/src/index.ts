export * from './jose-signed-tokens.ts';
export * from './hmac-secrets.ts';
