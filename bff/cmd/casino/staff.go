package main

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"

	"casino/bff/database"
	"casino/bff/frontends"
	"casino/bff/staff"
)

var staffUsage = `usage: casino staff [--data DIR] create EMAIL ROLE [--password-stdin] [--reason TEXT] [--by NAME]
       casino staff [--data DIR] list
       casino staff [--data DIR] disable EMAIL [--reason TEXT] [--by NAME]
  ROLE: ` + strings.Join(staff.Roles, " | ") + `
  create prints the account's two-factor secret and otpauth:// URL once (add it
  to an authenticator app); without --password-stdin it also prints a new
  random password. create and disable are kept in the back office's audit log
  (staff.create, staff.disable) with the reason (default: the command line).`

// staffCmd manages the back office's staff accounts (docs/backoffice.md).
func staffCmd(ctx context.Context, args []string) error {
	fs, c, r, b := writeFlagSet("staff", staffUsage)
	pwStdin := fs.Bool("password-stdin", false, "create: read the password from the first line of standard input")
	pos := parseAnywhere(fs, args)
	if len(pos) == 0 {
		return errors.New(staffUsage)
	}
	reason := strings.TrimSpace(*r)
	if reason == "" {
		reason = "command line: casino staff " + strings.Join(pos, " ")
	}
	db, err := database.Open(ctx, c.data)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := staff.NewService(db)
	actor := cliActor(*b)
	switch sub, rest := pos[0], pos[1:]; {
	case sub == "create" && len(rest) == 2:
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
		m, err := svc.Create(ctx, rest[0], rest[1], password, actor, reason)
		if err != nil {
			return err
		}
		fmt.Printf("staff %d %s %s\n", m.ID, m.Email, m.Role)
		if generated {
			fmt.Printf("password: %s\n", password)
		}
		fmt.Printf("totp secret: %s\notpauth url: %s\n", m.Secret, m.URL)
		return nil
	case sub == "list" && len(rest) == 0:
		list, err := svc.List(ctx)
		if err != nil {
			return err
		}
		for _, m := range list {
			fmt.Printf("%-6d %-12s %s\n", m.ID, m.Role, m.Email)
		}
		return nil
	case sub == "disable" && len(rest) == 1:
		return svc.Disable(ctx, rest[0], actor, reason)
	}
	return errors.New(staffUsage)
}

// cliActor is the audit log's actor of a command-line decision: --by as
// "cli:<name>", or "cli:$USER".
func cliActor(by string) string {
	switch {
	case by == "":
		return operatorName()
	case strings.HasPrefix(by, "cli"):
		return by
	}
	return "cli:" + by
}

// cliAudit returns the recording of an operator's command-line decision in
// the back office's audit log (actor "cli:<user>" or --by), to run inside the
// decision's own transaction.
func cliAudit(db *database.DB, by, action, target, reason string) func(tx *sql.Tx, before, after any) error {
	svc := staff.NewService(db)
	by = cliActor(by)
	return func(tx *sql.Tx, before, after any) error {
		return svc.RecordAs(context.Background(), tx, by, sql.NullInt64{}, staff.Change{Action: action, Target: target, Before: before, After: after, Reason: reason})
	}
}

// cliReleaseAudit records a release pointer moved from the command line:
// name's current release (and canary, when it has one) before and after.
func cliReleaseAudit(ctx context.Context, db *database.DB, by, reason, action, name string) frontends.Hook {
	before, _ := frontends.State(ctx, db.Read, name)
	audit := cliAudit(db, by, action, "frontend:"+name, reason)
	return func(tx *sql.Tx) error {
		after, err := frontends.State(ctx, tx, name)
		if err != nil {
			return err
		}
		return audit(tx, before, after)
	}
}
