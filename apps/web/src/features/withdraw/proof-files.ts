import { proofMaxBytes, proofMaxFiles } from '@sorte/shared/contracts/payments';

export type ProofProblem = { name: string; reason: 'type' | 'size' | 'count' };

const imageTypes = new Set(['image/png', 'image/jpeg']);
const imageNames = /\.(png|jpe?g)$/i;

/**
 * Which chosen files may be sent as proof (spec section 5: png or jpg, at most 5 MB each, at most
 * 3 per withdrawal, counting the ones already sent). The rest come back with the reason, so the
 * person knows why a picture was left out. The server checks the bytes again.
 */
export function checkProofFiles(
  chosen: readonly File[],
  alreadyPicked: readonly File[],
  alreadyStored: number,
): { accepted: File[]; problems: ProofProblem[] } {
  const accepted: File[] = [];
  const problems: ProofProblem[] = [];
  let room = proofMaxFiles - alreadyStored - alreadyPicked.length;
  for (const file of chosen) {
    const isImage = file.type ? imageTypes.has(file.type) : imageNames.test(file.name);
    if (!isImage) problems.push({ name: file.name, reason: 'type' });
    else if (file.size > proofMaxBytes) problems.push({ name: file.name, reason: 'size' });
    else if (room <= 0) problems.push({ name: file.name, reason: 'count' });
    else {
      accepted.push(file);
      room -= 1;
    }
  }
  return { accepted, problems };
}

export { proofMaxBytes, proofMaxFiles };
