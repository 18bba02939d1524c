package main

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"casino/bff/database"
	"casino/bff/frontends"
	"casino/bff/staff"
)

var staffUsage = `usage: casino staff [--data DIR] create EMAIL ROLE [--password-stdin]
       casino staff [--data DIR] list
       casino staff [--data DIR] disable EMAIL
  ROLE: ` + strings.Join(staff.Roles, " | ") + `
  create prints the account's two-factor secret and otpauth:// URL once (add it
  to an authenticator app); without --password-stdin it also prints a new
  random password.`

// staffCmd manages the back office's staff accounts (docs/backoffice.md).
func staffCmd(ctx context.Context, args []string) error {
	fs, c := operatorFlags("staff", staffUsage, args)
	if fs.NArg() == 0 {
		return errors.New(staffUsage)
	}
	sub := flag.NewFlagSet("staff "+fs.Arg(0), flag.ExitOnError)
	pwStdin := sub.Bool("password-stdin", false, "read the password from the first line of standard input")
	rest := fs.Args()[1:]
	var pos []string
	for len(rest) > 0 && rest[0] != "" && rest[0][0] != '-' {
		pos, rest = append(pos, rest[0]), rest[1:]
	}
	sub.Parse(rest)
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := staff.NewService(db)
	actor := operatorName()
	switch {
	case fs.Arg(0) == "create" && len(pos) == 2:
		password, generated := "", false
		if *pwStdin {
			line, err := bufio.NewReader(os.Stdin).ReadString('\n')
			if err != nil && line == "" {
				return fmt.Errorf("read password: %w", err)
			}
			password = strings.TrimRight(line, "\r\n")
		} else {
			password, generated = staff.NewPassword(), true
		}
		m, err := svc.Create(ctx, pos[0], pos[1], password, actor)
		if err != nil {
			return err
		}
		fmt.Printf("staff %d %s %s\n", m.ID, m.Email, m.Role)
		if generated {
			fmt.Printf("password: %s\n", password)
		}
		fmt.Printf("totp secret: %s\notpauth url: %s\n", m.Secret, m.URL)
		return nil
	case fs.Arg(0) == "list" && len(pos) == 0:
		list, err := svc.List(ctx)
		if err != nil {
			return err
		}
		for _, m := range list {
			fmt.Printf("%-6d %-12s %s\n", m.ID, m.Role, m.Email)
		}
		return nil
	case fs.Arg(0) == "disable" && len(pos) == 1:
		return svc.Disable(ctx, pos[0], actor)
	}
	return errors.New(staffUsage)
}

// cliAudit returns the recording of an operator's command-line decision in
// the back office's audit log (actor "cli:<user>" or --by), to run inside the
// decision's own transaction.
func cliAudit(db *database.DB, by, action, target, reason string) func(tx *sql.Tx, before, after any) error {
	svc := staff.NewService(db)
	if by == "" {
		by = operatorName()
	} else if !strings.HasPrefix(by, "cli") {
		by = "cli:" + by
	}
	return func(tx *sql.Tx, before, after any) error {
		return svc.RecordAs(context.Background(), tx, by, sql.NullInt64{}, staff.Change{Action: action, Target: target, Before: before, After: after, Reason: reason})
	}
}

// cliReleaseAudit records a release pointer moved from the command line.
func cliReleaseAudit(ctx context.Context, db *database.DB, action, name string) frontends.Hook {
	var before string
	db.Read.QueryRowContext(ctx, `SELECT version FROM frontend_releases WHERE name = ? AND is_current = 1`, name).Scan(&before)
	audit := cliAudit(db, "", action, "frontend:"+name, "command line: casino frontends "+strings.TrimPrefix(action, "release.")+" "+name)
	return func(tx *sql.Tx) error {
		var after string
		if err := tx.QueryRowContext(ctx, `SELECT version FROM frontend_releases WHERE name = ? AND is_current = 1`, name).Scan(&after); err != nil {
			return err
		}
		return audit(tx, map[string]string{"current": before}, map[string]string{"current": after})
	}
}
