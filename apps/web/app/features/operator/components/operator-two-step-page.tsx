import { TwoStepSetup } from '../../../entities/security/components/two-step-setup';
import { useT } from '../../../lib/i18n';

/**
 * /operator/two-step: the operator's screen opens only once two-step sign-in is set up; every
 * other operator page sends the operator here until then (the server refuses their calls too).
 */
export function OperatorTwoStepPage() {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-xl space-y-4 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{t('Set up two-step sign-in')}</h1>
      <p className="text-sm text-slate-600">
        {t('The operator screen needs two-step sign-in: set it up now to continue.')}
      </p>
      {/* A full load, so the layout reads the session that now opens the operator's screen. */}
      <TwoStepSetup onDone={() => window.location.assign('/operator')} />
    </div>
  );
}
