import { Table, TableBody, TableCell, TableRow } from "@mui/material";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TableRegion } from "./table-region";

describe("TableRegion", () => {
  it.each([false, true])(
    "takes focus from the keyboard as a region named like its table (outlined: %s)",
    async (isOutlined) => {
      render(
        <TableRegion label="Invoices" isOutlined={isOutlined}>
          <Table aria-label="Invoices">
            <TableBody>
              <TableRow>
                <TableCell>March</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableRegion>,
      );
      const region = screen.getByRole("region", { name: "Invoices" });
      expect(region).toContainElement(screen.getByRole("table", { name: "Invoices" }));

      await userEvent.tab();
      expect(region).toHaveFocus();
    },
  );
});
