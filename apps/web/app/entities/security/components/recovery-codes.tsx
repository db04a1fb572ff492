import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useT } from '../../../lib/i18n';

/**
 * Recovery codes, shown the one time the server sends them: to copy or download, each good for
 * one sign-in without the phone. `onDone` closes the panel once they are kept.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const [kept, setKept] = useState(false);
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess(t('Recovery codes copied.'));
    } catch {
      notifyError(t('Copying is not allowed here. Download the codes or write them down.'));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-4">
      <h2 id="recovery-codes-title" className="text-lg font-semibold text-slate-900">
        {t('Your recovery codes')}
      </h2>
      <p className="text-sm text-slate-600">
        {t('Each code signs you in once without your phone. Keep them somewhere safe: they are shown only now.')}
      </p>
      <ul
        data-testid="recovery-codes"
        dir="ltr"
        className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          <Icon name="clipboard" className="size-4" />
          {t('Copy')}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Icon name="download" className="size-4" />
          {t('Download')}
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={kept}
          onChange={(e) => setKept(e.target.checked)}
          className="size-4 rounded border-slate-300 text-primary-700 focus:ring-primary-500"
        />
        {t('I have kept these codes somewhere safe')}
      </label>
      <Button onClick={onDone} disabled={!kept}>
        {t('Done')}
      </Button>
    </section>
  );
}
