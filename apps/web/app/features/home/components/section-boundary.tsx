import { Component, type ReactNode } from 'react';
import { ErrorState } from '../../../components/ui/states';
import { useT } from '../../../lib/i18n';

function SectionFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return <ErrorState title={t('This section could not be loaded')} onRetry={onRetry} />;
}

interface SectionBoundaryProps {
  children: ReactNode;
  /** Called before the section renders again after "Try again" (e.g. refetch its data). */
  onReset?: () => void;
}

interface SectionBoundaryState {
  failed: boolean;
}

/**
 * Keeps one broken home section from taking the whole page down: the section is replaced by an
 * error panel with "Try again", everything around it keeps working.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, SectionBoundaryState> {
  override state: SectionBoundaryState = { failed: false };

  static getDerivedStateFromError(): SectionBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A home section failed to render', error);
  }

  private retry = () => {
    this.props.onReset?.();
    this.setState({ failed: false });
  };

  override render() {
    if (this.state.failed) return <SectionFailed onRetry={this.retry} />;
    return this.props.children;
  }
}
