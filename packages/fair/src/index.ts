/**
 * `@sorte/fair`: provably-fair maths for the browser and the server (WebCrypto; no Node built-ins).
 * The server can use `@sorte/fair/node` for the same functions plus synchronous node:crypto ones.
 */
export * from './bytes';
export * from './classic-slot';
export * from './crash';
export * from './dice';
export * from './limbo';
export * from './lottery';
export * from './mines';
export * from './payout';
export * from './plinko';
export * from './rational';
export * from './seeds';
export * from './shuffle';
export * from './stream';
export * from './video-slot';
export * from './video-slot-rtp';
export * from './web';
