/** Shows enough of an account for its owner to recognise it, not enough to reuse it. */
export function maskAccount(type: string, value: string): string {
  switch (type) {
    case 'CPF':
      return `***.${value.slice(3, 6)}.${value.slice(6, 9)}-**`;
    case 'EMAIL': {
      const [local = '', domain = ''] = value.split('@');
      return `${local.slice(0, 2)}***@${domain}`;
    }
    case 'PHONE':
      return `${value.slice(0, 5)}*****${value.slice(-4)}`;
    case 'EVP':
      return `${value.slice(0, 8)}-****-****-****-********${value.slice(-4)}`;
    case 'CLABE':
      return `${value.slice(0, 6)}********${value.slice(-4)}`;
    default:
      return `${value.slice(0, 3)}*****${value.slice(-3)}`;
  }
}
