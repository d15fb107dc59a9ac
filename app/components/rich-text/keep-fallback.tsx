import { Component, type ReactNode } from "react";

/** If the editor's code cannot load or crashes, `fallback` (a plain text area) stays: nothing is lost. */
export class KeepFallback extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
