import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { checkProofFiles, type ProofProblem, proofMaxBytes, proofMaxFiles } from '../proof-files';
import styles from './withdraw.module.css';

type Props = {
  files: File[];
  onChange: (files: File[]) => void;
  /** Proofs already sent for this withdrawal: they count toward the 3. */
  storedCount: number;
  problems: ProofProblem[];
  onProblems: (problems: ProofProblem[]) => void;
  error?: string | null;
};

// Files have no id of their own: number them once, so removing one keeps the others' thumbnails.
const fileKeys = new WeakMap<File, string>();
let nextKey = 1;
function keyOf(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    key = `proof-${nextKey++}`;
    fileKeys.set(file, key);
  }
  return key;
}

/** Proof images (png/jpg, ≤ 5 MB, ≤ 3), checked as they are picked and shown as thumbnails. */
export function ProofPicker({ files, onChange, storedCount, problems, onProblems, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(
    () =>
      files.map((file) => ({
        file,
        url: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '',
      })),
    [files],
  );
  useEffect(
    () => () => {
      for (const p of previews) if (p.url) URL.revokeObjectURL(p.url);
    },
    [previews],
  );
  const room = proofMaxFiles - storedCount - files.length;
  const megabytes = proofMaxBytes / 1024 / 1024;

  return (
    <div className={styles.proofs}>
      <div className={styles.proofHead}>
        <label htmlFor={id} className={styles.proofLabel}>
          {t('member.confirmation.proofs')}
        </label>
        <span className={styles.smallNote}>
          {t('member.confirmation.proofRule', { max: proofMaxFiles, megabytes })}
          {storedCount > 0 ? ` · ${t('member.confirmation.proofsSent', { count: storedCount })}` : ''}
        </span>
      </div>
      <div className={styles.proofGrid}>
        {previews.map(({ file, url }, index) => (
          <figure key={keyOf(file)} className={styles.proof}>
            {url ? <img src={url} alt={file.name} /> : <span className={styles.proofName}>{file.name}</span>}
            <button
              type="button"
              className={styles.proofRemove}
              onClick={() => onChange(files.filter((_, i) => i !== index))}
              aria-label={t('member.confirmation.removeProof', { name: file.name })}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.4" />
              </svg>
            </button>
          </figure>
        ))}
        {room > 0 && (
          <button type="button" className={styles.proofAdd} onClick={() => input.current?.click()}>
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span>{t('member.confirmation.addProof')}</span>
          </button>
        )}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        multiple
        className="visually-hidden"
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          event.target.value = '';
          const { accepted, problems: found } = checkProofFiles(chosen, files, storedCount);
          onProblems(found);
          if (accepted.length > 0) onChange([...files, ...accepted]);
        }}
      />
      {problems.length > 0 && (
        <ul className={styles.proofProblems} role="alert">
          {problems.map((p) => (
            <li key={`${p.name}-${p.reason}`}>
              {t(`member.confirmation.proofProblem.${p.reason}`, {
                name: p.name,
                max: proofMaxFiles,
                megabytes,
              })}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.errorText} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
