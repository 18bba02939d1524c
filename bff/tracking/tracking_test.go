package tracking

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"casino/bff/api"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name  string
		event Event
		field string
	}{
		{"page view", Event{Event: "PAGE_VIEW", Data: json.RawMessage(`{"url":"/casino"}`), UserDeviceType: "mobile"}, ""},
		{"alternative method", Event{Event: "ALTERNATIVE_METHOD_BUTTON", Data: json.RawMessage(`{"method":"carouseller"}`)}, ""},
		{"null data", Event{Event: "PAGE_VIEW", Data: json.RawMessage(`null`)}, ""},
		{"missing event", Event{}, "event"},
		{"lower-case event", Event{Event: "page_view"}, "event"},
		{"data not an object", Event{Event: "PAGE_VIEW", Data: json.RawMessage(`[1,2]`)}, "data"},
		{"data too large", Event{Event: "PAGE_VIEW", Data: json.RawMessage(`{"x":"` + strings.Repeat("a", maxDataBytes) + `"}`)}, "data"},
		{"unknown device", Event{Event: "PAGE_VIEW", UserDeviceType: "fridge"}, "userDeviceType"},
		{"long mkt", Event{Event: "PAGE_VIEW", Mkt: strings.Repeat("m", 256)}, "mkt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.event.Validate()
			if tt.field == "" {
				if err != nil {
					t.Fatalf("unexpected %v", err)
				}
				return
			}
			var apiErr *api.Error
			if !errors.As(err, &apiErr) || apiErr.Fields[tt.field] == "" {
				t.Fatalf("err = %v, want a message for %s", err, tt.field)
			}
		})
	}
}
