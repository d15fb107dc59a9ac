import { InputField } from "./field";

type PresetProps = Omit<React.ComponentProps<typeof InputField>, "type">;

/** A person's name, as the browser fills it in. */
export const NameField = (props: PresetProps) => <InputField autoComplete="name" {...props} />;

/** An e-mail address: written left to right, filled in by the browser. */
export const EmailField = (props: PresetProps) => (
  <InputField type="email" dir="ltr" autoComplete="email" {...props} />
);

/** A Saudi mobile number (the schema normalises it), with the example readers follow. */
export const MobileField = (props: PresetProps) => (
  <InputField
    type="tel"
    dir="ltr"
    inputMode="tel"
    autoComplete="tel"
    hint="مثال: 0501234567"
    {...props}
  />
);

/** A password field: the current one, or a new one the browser may offer to make. */
export const PasswordField = ({ isNew, ...props }: PresetProps & { isNew?: boolean }) => (
  <InputField
    type="password"
    autoComplete={isNew ? "new-password" : "current-password"}
    {...props}
  />
);
