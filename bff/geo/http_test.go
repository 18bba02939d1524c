package geo

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

type apiBody struct {
	Data  json.RawMessage `json:"data"`
	Error *struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}

func serve(t *testing.T, svc *Service, r *http.Request) (*httptest.ResponseRecorder, apiBody) {
	t.Helper()
	mux := http.NewServeMux()
	svc.Routes(mux)
	w := httptest.NewRecorder()
	mux.ServeHTTP(w, r)
	var body apiBody
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatalf("response %d %q: %v", w.Code, w.Body.String(), err)
	}
	return w, body
}

func jsonRequest(method, target, remote, body string) *http.Request {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.RemoteAddr = remote
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("User-Agent", chromeUA)
	return r
}

func TestGetLocation(t *testing.T) {
	svc, _ := testService(t, serviceOpts{trusted: "127.0.0.0/8"})
	tests := []struct {
		name   string
		remote string
		xff    string
		want   Location
	}{
		{
			name: "Germany direct", remote: deIP,
			want: Location{Country: Country{Code: "DE", Name: "Germany"}, IPInfo: IPInfo{
				IP: "193.99.144.80", Version: 4, CountryCode: "DE", Source: "geo-whois-asn-country", Network: "193.99.144.0/21", Via: ViaRemoteAddr}},
		},
		{
			name: "Japan through the trusted local proxy", remote: "127.0.0.1:5000", xff: "133.11.0.1",
			want: Location{Country: Country{Code: "JP", Name: "Japan"}, IPInfo: IPInfo{
				IP: "133.11.0.1", Version: 4, CountryCode: "JP", Source: "geo-whois-asn-country", Network: "133.0.0.0/8", Via: ViaXFF}},
		},
		{
			name: "IPv6 United States", remote: "[2001:4860:4860::8888]:443",
			want: Location{Country: Country{Code: "US", Name: "United States of America"}, IPInfo: IPInfo{
				IP: "2001:4860:4860::8888", Version: 6, CountryCode: "US", Source: "geo-whois-asn-country", Network: "2001:4860::/32", Via: ViaRemoteAddr}},
		},
		{
			name: "loopback without proxy header", remote: "127.0.0.1:5000",
			want: Location{IPInfo: IPInfo{IP: "127.0.0.1", Version: 4, Source: "geo-whois-asn-country", Via: ViaRemoteAddr}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := request("GET", "/api/admin/get-location", tt.remote, nil)
			if tt.xff != "" {
				r.Header.Set("X-Forwarded-For", tt.xff)
			}
			w, body := serve(t, svc, r)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			var got struct {
				Location Location `json:"location"`
			}
			if err := json.Unmarshal(body.Data, &got); err != nil {
				t.Fatal(err)
			}
			if got.Location != tt.want {
				t.Errorf("location = %+v\nwant       %+v", got.Location, tt.want)
			}
		})
	}
}

func TestCountryBlockedEndpoint(t *testing.T) {
	svc, _ := testService(t, serviceOpts{})
	post := func(remote, body string) (*httptest.ResponseRecorder, apiBody) {
		return serve(t, svc, jsonRequest("POST", "/api/user/country-blocked", remote, body))
	}
	body := `{"ip":"193.99.144.80","country":"DE","firstUrl":"https://casino.example/casino?cpnc=x"}`
	for i, wantCreated := range []bool{true, false, false} {
		w, resp := post(deIP, body)
		if w.Code != http.StatusOK {
			t.Fatalf("post %d: status %d %s", i, w.Code, w.Body)
		}
		var got CountryBlockedResult
		if err := json.Unmarshal(resp.Data, &got); err != nil {
			t.Fatal(err)
		}
		if got.Created != wantCreated || got.IP != "193.99.144.80" || got.Country != "DE" {
			t.Errorf("post %d: %+v, want created=%v", i, got, wantCreated)
		}
	}
	// Another first URL is another report.
	if w, resp := post(deIP, `{"ip":"193.99.144.80","country":"DE","firstUrl":"/promotions"}`); w.Code != 200 || !strings.Contains(string(resp.Data), `"created":true`) {
		t.Errorf("second URL: %d %s", w.Code, w.Body)
	}
	// The stored ip and country are the server's, not the body's.
	w, resp := post(brIP, `{"ip":"8.8.8.8","country":"US","firstUrl":"/"}`)
	if w.Code != 200 || !strings.Contains(string(resp.Data), `"ip":"200.160.2.3","country":"BR"`) {
		t.Errorf("spoofed body: %d %s", w.Code, w.Body)
	}
	n, err := svc.Store.CountReports(t.Context(), "193.99.144.80")
	if err != nil || n != 2 {
		t.Errorf("reports stored for 193.99.144.80 = %d, %v; want 2", n, err)
	}

	bad := []struct {
		name, body, field string
	}{
		{"missing firstUrl", `{"ip":"193.99.144.80","country":"DE"}`, "firstUrl"},
		{"firstUrl not a URL", `{"firstUrl":"javascript:alert(1)"}`, "firstUrl"},
		{"firstUrl protocol-relative", `{"firstUrl":"//evil.example/"}`, "firstUrl"},
		{"firstUrl too long", `{"firstUrl":"/` + strings.Repeat("a", MaxFirstURL) + `"}`, "firstUrl"},
		{"bad ip", `{"ip":"1.2.3","firstUrl":"/"}`, "ip"},
		{"bad country", `{"country":"DEU","firstUrl":"/"}`, "country"},
		{"malformed JSON", `{"firstUrl":`, "body"},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			w, resp := post(deIP, tt.body)
			if w.Code != http.StatusBadRequest || resp.Error == nil || resp.Error.Fields[tt.field] == "" {
				t.Errorf("status %d body %s, want 400 with field %s", w.Code, w.Body, tt.field)
			}
		})
	}
}

func TestReverifyEndpoint(t *testing.T) {
	svc, _ := testService(t, serviceOpts{excluded: []string{"DE", "BR"}})
	post := func(body string, cookies ...*http.Cookie) (*httptest.ResponseRecorder, apiBody) {
		r := jsonRequest("POST", "/api/user/reverify-location", deIP, body)
		for _, c := range cookies {
			r.AddCookie(c)
		}
		return serve(t, svc, r)
	}

	// Paris: verified.
	w, resp := post(`{"latitude":48.8566,"longitude":2.3522}`)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d %s", w.Code, w.Body)
	}
	var ok struct {
		Country       Country `json:"country"`
		Blocked       bool    `json:"blocked"`
		VerifiedUntil string  `json:"verifiedUntil"`
	}
	if err := json.Unmarshal(resp.Data, &ok); err != nil {
		t.Fatal(err)
	}
	if ok.Country.Code != "FR" || ok.Blocked || ok.VerifiedUntil != "2026-06-21T12:00:00Z" {
		t.Errorf("data = %+v", ok)
	}
	var visitor *http.Cookie
	for _, c := range w.Result().Cookies() {
		if c.Name == VisitorCookie {
			visitor = c
		}
	}
	if visitor == nil {
		t.Fatal("no visitor cookie")
	}
	d, err := svc.Decide(nil, func() *http.Request {
		r := request("GET", "/", deIP, nil)
		r.AddCookie(visitor)
		return r
	}(), false, []string{"DE", "BR"})
	if err != nil || d.Blocked {
		t.Errorf("after reverify the visitor is blocked: %+v %v", d, err)
	}

	errorsTests := []struct {
		name   string
		body   string
		status int
		code   string
		fields map[string]string
	}{
		{"Berlin is excluded", `{"latitude":52.52,"longitude":13.405}`, http.StatusForbidden, "COUNTRY_BLOCKED", map[string]string{"country": "DE"}},
		{"São Paulo is excluded", `{"latitude":-23.5505,"longitude":-46.6333}`, http.StatusForbidden, "COUNTRY_BLOCKED", map[string]string{"country": "BR"}},
		{"open sea", `{"latitude":30,"longitude":-40}`, http.StatusUnprocessableEntity, "LOCATION_UNKNOWN", nil},
		{"latitude out of range", `{"latitude":91,"longitude":0}`, http.StatusBadRequest, "VALIDATION_ERROR", map[string]string{"latitude": "Invalid format"}},
		{"longitude out of range", `{"latitude":0,"longitude":180.5}`, http.StatusBadRequest, "VALIDATION_ERROR", map[string]string{"longitude": "Invalid format"}},
		{"missing coordinates", `{}`, http.StatusBadRequest, "VALIDATION_ERROR", map[string]string{"latitude": "Required", "longitude": "Required"}},
		{"coordinates as strings", `{"latitude":"52.5","longitude":"13.4"}`, http.StatusBadRequest, "INVALID_FORMAT", map[string]string{"body": "Invalid format"}},
		{"empty body", ``, http.StatusBadRequest, "INVALID_FORMAT", map[string]string{"body": "Required"}},
	}
	for _, tt := range errorsTests {
		t.Run(tt.name, func(t *testing.T) {
			w, resp := post(tt.body)
			if w.Code != tt.status || resp.Error == nil || resp.Error.Code != tt.code {
				t.Fatalf("status %d body %s, want %d %s", w.Code, w.Body, tt.status, tt.code)
			}
			for k, v := range tt.fields {
				if resp.Error.Fields[k] != v {
					t.Errorf("fields = %v, want %s=%s", resp.Error.Fields, k, v)
				}
			}
			if len(w.Result().Cookies()) != 0 {
				t.Error("a rejected reverify set a cookie")
			}
		})
	}
}

func TestRoutesMethods(t *testing.T) {
	svc, _ := testService(t, serviceOpts{})
	mux := http.NewServeMux()
	svc.Routes(mux)
	for _, tt := range []struct{ method, path string }{
		{"POST", "/api/admin/get-location"},
		{"GET", "/api/user/country-blocked"},
		{"GET", "/api/user/reverify-location"},
	} {
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, request(tt.method, tt.path, deIP, nil))
		if w.Code != http.StatusMethodNotAllowed {
			t.Errorf("%s %s: status %d, want 405", tt.method, tt.path, w.Code)
		}
	}
}
