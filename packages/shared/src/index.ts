export * from './contracts/auth';
export * from './contracts/ledger';
export * from './envelope';
export * from './error-codes';
export * from './languages';
export * from './merchants';
export * from './money';
export * from './patterns';
