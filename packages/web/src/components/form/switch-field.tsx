import { FormControlLabel, Switch } from "@mui/material";
import { type Control, Controller, type FieldPathByValue, type FieldValues } from "react-hook-form";

/** A boolean field of a react-hook-form form as a labelled switch. */
export function SwitchField<TValues extends FieldValues, TTransformed extends FieldValues = TValues>({
  control,
  name,
  label,
}: {
  control: Control<TValues, unknown, TTransformed>;
  name: FieldPathByValue<TValues, boolean>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
          label={label}
        />
      )}
    />
  );
}
